-- A project's images: what the library lists and the admin's image fields name. The bytes live in
-- the image store (the data folder or S3), under the image's id; this is what is known of them.

CREATE TABLE images (
    id TEXT PRIMARY KEY,
    project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    -- The file name made safe (lowercase ASCII and hyphens, then its extension), the last part
    -- of its address.
    name TEXT NOT NULL,
    content_type TEXT NOT NULL,
    width BIGINT NOT NULL,
    height BIGINT NOT NULL,
    size BIGINT NOT NULL,
    alt TEXT NOT NULL DEFAULT '',
    uploaded_by TEXT REFERENCES users (id) ON DELETE SET NULL,
    -- Unix milliseconds, so that uploads of one second keep their order.
    created_at BIGINT NOT NULL
);

CREATE INDEX images_by_project ON images (project_id, created_at);
