-- Which browser a session is, so that the account page can list them and end one.
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
