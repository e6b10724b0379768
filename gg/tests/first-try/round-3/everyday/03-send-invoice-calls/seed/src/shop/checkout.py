from billing.invoice import send_invoice


def complete(order):
    order.mark_paid()
    send_invoice(order)
    return order.id
