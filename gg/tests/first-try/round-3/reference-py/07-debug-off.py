import gg

gg.files.edit_file("deploy/app.env", "\nDEBUG=1\n", "\n")
