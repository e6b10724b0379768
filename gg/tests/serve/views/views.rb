# Prints the views the connection's earlier programs opened, then opens one of its own.
puts "views: [" + Gg::Views.current.map(&:selector).join(",") + "]"
Gg::Views.open_text("opened by a Ruby program", label: "ruby")
