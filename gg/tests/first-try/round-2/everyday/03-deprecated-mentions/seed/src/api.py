"""The public API."""
import warnings


def fetch(id):
    # Deprecated: use fetch_all([id]) instead.
    warnings.warn("fetch() is deprecated", DeprecationWarning)
    return fetch_all([id])[0]


def fetch_all(ids):
    return [{"id": i} for i in ids]
