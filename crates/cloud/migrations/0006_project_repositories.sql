-- The GitHub repository (`owner/name`) a project edits through the cloud's GitHub App; none until
-- an admin connects one.

ALTER TABLE projects ADD COLUMN repository TEXT;
