import gg

path = "logs/build.log"
lines = gg.files.read_file(path).splitlines()
number = next(i for i, line in enumerate(lines, start=1) if "ERROR" in line)
print(number)
gg.views.open_file(path, offset=max(1, number - 5), limit=11)
