def deliver(to, subject, attachment):
    """Hands a mail to the outbox."""
    return {"to": to, "subject": subject, "attachment": attachment}
