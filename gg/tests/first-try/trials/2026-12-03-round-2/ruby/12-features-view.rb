require "json"
cfg = JSON.parse(Gg::Files.read_file("config/app.json").contents)
on = (cfg["features"] || {}).select { |_, v| v == true }.keys
Gg::Views.open_text("features on", on.join("\n"))
puts on
