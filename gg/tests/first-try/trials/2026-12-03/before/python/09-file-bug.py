import gg

issue = gg.board.create_issue(
    "Login button does nothing",
    description="Clicking the login button does nothing. It happens on the settings page.",
    labels=["bug"],
)
print(issue.id)
