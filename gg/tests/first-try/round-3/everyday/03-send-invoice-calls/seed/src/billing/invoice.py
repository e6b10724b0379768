"""Invoices: making them and sending them."""

from billing.mail import deliver


def send_invoice(order, again=False):
    # send_invoice is retried by the queue when the mail server is down
    subject = "Your invoice" if not again else "Your invoice (again)"
    return deliver(order.customer.email, subject, order.invoice_pdf())


def resend_invoice(order):
    return send_invoice(order, again=True)
