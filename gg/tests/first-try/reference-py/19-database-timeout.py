import gg

try:
    gg.files.edit_file("config/server.conf", "timeout = 30", "timeout = 60")
except gg.ApiError as e:
    if e.code != gg.ErrorCode.CONFLICT:
        raise
    gg.files.edit_file("config/server.conf", "url = postgres://db.internal/app\ntimeout = 30",
                       "url = postgres://db.internal/app\ntimeout = 60")
