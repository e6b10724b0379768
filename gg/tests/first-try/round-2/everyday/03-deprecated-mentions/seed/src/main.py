"""Entry point."""
from api import fetch_all

print(fetch_all([1, 2]))
