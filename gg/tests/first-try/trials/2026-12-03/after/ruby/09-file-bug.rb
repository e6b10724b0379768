id = Gg::Board.create_issue(Gg::Board::IssueInput.new(
  title: "Login button does nothing",
  description: "Clicking the login button does nothing. It happens on the settings page.",
  labels: ["bug"]
))
puts id
