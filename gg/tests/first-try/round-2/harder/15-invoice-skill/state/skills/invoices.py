LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"


def invoice_number(year, order):
    """The invoice number of order `order` placed in `year`, with its check letter."""
    digits = f"{year:04d}{order:05d}"
    total = sum(i * int(d) for i, d in enumerate(digits, 1))
    return f"INV-{year:04d}-{order:05d}-{LETTERS[total % 24]}"
