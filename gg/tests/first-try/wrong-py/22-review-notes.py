import gg
gg.session.request_changes(["line 5 does not start with `- `", "line 6 is too long"])
