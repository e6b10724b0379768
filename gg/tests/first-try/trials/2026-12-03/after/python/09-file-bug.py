import gg

issue_id = gg.board.create_issue(
    "Login button does nothing",
    description="Clicking the login button does nothing; this happens on the settings page.",
    labels=["bug"],
)
print(issue_id)
