from billing.invoice import send_invoice, resend_invoice


def nightly(orders):
    for order in orders:
        if order.unpaid and order.reminded:
            resend_invoice(order)
        elif order.new:
            send_invoice(order)
