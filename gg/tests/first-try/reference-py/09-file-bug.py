import gg

issue = gg.board.create_issue("Login button does nothing", description="It happens on the settings page.", labels=["bug"])
print(issue.id)
