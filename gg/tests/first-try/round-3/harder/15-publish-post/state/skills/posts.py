import re


def slug(title):
    """The slug of a post's title: lower case, each run of other characters one `-`."""
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
