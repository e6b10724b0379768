import gg

path = "src/settings.py"
gg.files.edit_file(path, "def load(path):", "def read_settings(path):")
try:
    gg.files.edit_file(path, "= load(path)", "= read_settings(path)")
except gg.ApiError as e:
    if e.code != gg.ErrorCode.CONFLICT:
        raise
    # It occurs twice: replace both, in the file's text as a whole.
    text = gg.files.read_file(path).contents
    gg.files.write_file(path, text.replace("= load(path)", "= read_settings(path)"))
gg.files.edit_file(path, '{"json": load}', '{"json": read_settings}')
