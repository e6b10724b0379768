import gg

try:
    gg.files.edit_file("pyproject.toml", 'version = "1.4.2"', 'version = "1.5.0"')
except gg.ApiError as e:
    if e.code != gg.ErrorCode.CONFLICT:
        raise
    # It occurs in the minimum client too: the project's own is the one at the start of a line.
    gg.files.edit_file("pyproject.toml", '\nversion = "1.4.2"', '\nversion = "1.5.0"')
