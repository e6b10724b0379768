"""Database access."""

POOL_SIZE = 8  # DEPRECATED, the pool sizes itself now


def connect(url):
    return url
