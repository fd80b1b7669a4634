"""Read models fed from the notification log."""
