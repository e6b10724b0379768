from pricing import best_discount


def total(items):
    subtotal = sum(i.price * i.qty for i in items)
    discount = best_discount(items)
    print("discount", discount)
    return subtotal - discount
