# Prints the views the connection's earlier programs opened, then opens one of its own.
puts "views: [" + Gg::Views.current.map(&:selector).join(",") + "]"
Gg::Views.open_text("ruby", "opened by a Ruby program")
