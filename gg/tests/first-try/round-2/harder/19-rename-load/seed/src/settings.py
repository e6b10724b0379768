"""Loads the app's settings."""

import json

_cache = {}


def load(path):
    """Reads the settings file at `path`."""
    with open(path) as f:
        return json.load(f)


def cached(path):
    if path not in _cache:
        _cache[path] = load(path)
    return _cache[path]


def reload(path):
    # load again, skipping the cache
    _cache[path] = load(path)
    return _cache[path]


LOADERS = {"json": load}
