from billing import invoice


def resend_button(order):
    invoice.resend_invoice(order)


def send_button(order):
    invoice.send_invoice(order)
