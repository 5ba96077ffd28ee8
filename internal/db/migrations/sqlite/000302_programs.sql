-- +goose Up
-- Programs: one model for the catalogue's plans and athletes' own programs
-- (docs/training.md). A catalogue plan has a slug and no author; a custom
-- program has an author (who wrote it) and an athlete (who follows it); they
-- differ when a coach writes for an athlete.
CREATE TABLE programs (
    id            INTEGER PRIMARY KEY,
    slug          TEXT UNIQUE,
    author_id     INTEGER REFERENCES users(id) ON DELETE CASCADE,
    athlete_id    INTEGER REFERENCES users(id) ON DELETE CASCADE,
    position      INTEGER NOT NULL DEFAULT 0,
    name          TEXT NOT NULL,
    description   TEXT NOT NULL DEFAULT '',
    category      TEXT NOT NULL DEFAULT 'wod',
    level         TEXT NOT NULL DEFAULT '',
    duration      TEXT NOT NULL DEFAULT '',
    frequency     TEXT NOT NULL DEFAULT '',
    required_tier TEXT NOT NULL DEFAULT 'basic',
    weeks         INTEGER NOT NULL,
    status        TEXT NOT NULL DEFAULT 'published', -- draft | published
    created_at    TIMESTAMP NOT NULL,
    updated_at    TIMESTAMP NOT NULL
);
CREATE INDEX programs_catalogue ON programs(position, id) WHERE slug IS NOT NULL;
CREATE INDEX programs_athlete ON programs(athlete_id, updated_at DESC, id DESC);
CREATE INDEX programs_author ON programs(author_id, updated_at DESC, id DESC);

CREATE TABLE program_weeks (
    program_id INTEGER NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    week       INTEGER NOT NULL,
    focus      TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (program_id, week)
);

-- A session of a program's day. exercises is a JSON list of structured
-- exercises: {exercise, sets, reps, loadKg, distanceM, timeS, targetPace, restS, notes}.
CREATE TABLE program_sessions (
    id         INTEGER PRIMARY KEY,
    program_id INTEGER NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    week       INTEGER NOT NULL,
    day        INTEGER NOT NULL, -- 1 = Monday .. 7 = Sunday
    position   INTEGER NOT NULL DEFAULT 0,
    kind       TEXT NOT NULL DEFAULT 'training', -- training | rest | race
    title      TEXT NOT NULL,
    details    TEXT NOT NULL DEFAULT '',
    workout_id INTEGER REFERENCES workouts(id),
    minutes    INTEGER NOT NULL DEFAULT 0, -- planned duration
    rpe        INTEGER NOT NULL DEFAULT 0, -- planned effort 1-10, 0 = none
    exercises  TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX program_sessions_program ON program_sessions(program_id, week, day, position);

-- An athlete following a program from a start date.
CREATE TABLE program_starts (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    program_id INTEGER NOT NULL REFERENCES programs(id) ON DELETE CASCADE,
    start_date TEXT NOT NULL, -- YYYY-MM-DD, the athlete's local calendar
    created_at TIMESTAMP NOT NULL,
    ended_at   TIMESTAMP
);
CREATE INDEX program_starts_user ON program_starts(user_id, created_at DESC);

-- The athlete's calendar: one row per planned session, copied from the
-- program when it starts (so editing a program later does not rewrite
-- history). Done = log_id is set; skipped = status 'skipped'.
CREATE TABLE calendar_sessions (
    id                 INTEGER PRIMARY KEY,
    user_id            INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    start_id           INTEGER REFERENCES program_starts(id) ON DELETE CASCADE,
    program_session_id INTEGER REFERENCES program_sessions(id) ON DELETE SET NULL,
    date               TEXT NOT NULL, -- YYYY-MM-DD
    position           INTEGER NOT NULL DEFAULT 0,
    kind               TEXT NOT NULL DEFAULT 'training',
    title              TEXT NOT NULL,
    details            TEXT NOT NULL DEFAULT '',
    workout_id         INTEGER REFERENCES workouts(id),
    minutes            INTEGER NOT NULL DEFAULT 0,
    rpe                INTEGER NOT NULL DEFAULT 0,
    exercises          TEXT NOT NULL DEFAULT '[]',
    status             TEXT NOT NULL DEFAULT 'planned', -- planned | skipped
    log_id             INTEGER REFERENCES workout_logs(id) ON DELETE SET NULL,
    original_date      TEXT NOT NULL, -- where the program put it; date differs once moved
    created_at         TIMESTAMP NOT NULL,
    updated_at         TIMESTAMP NOT NULL
);
-- Week and month reads, Today, compliance: all range scans on this index.
CREATE INDEX calendar_sessions_user_date ON calendar_sessions(user_id, date, position, id);
CREATE INDEX calendar_sessions_log ON calendar_sessions(log_id) WHERE log_id IS NOT NULL;

-- The private ICS feed: only the token's hash is stored; revoking deletes it.
CREATE TABLE calendar_feeds (
    user_id    INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at TIMESTAMP NOT NULL
);

-- The catalogue plans now live in programs (seeded from code by slug, so
-- nothing is lost): the old plan tables go.
DROP TABLE training_plan_sessions;
DROP TABLE training_plan_weeks;
DROP TABLE training_plans;

-- +goose Down
CREATE TABLE training_plans (
    id            INTEGER PRIMARY KEY,
    slug          TEXT NOT NULL UNIQUE,
    position      INTEGER NOT NULL,
    name          TEXT NOT NULL,
    description   TEXT NOT NULL,
    category      TEXT NOT NULL,
    duration      TEXT NOT NULL,
    frequency     TEXT NOT NULL,
    level         TEXT NOT NULL,
    required_tier TEXT NOT NULL DEFAULT 'basic'
);
CREATE INDEX training_plans_position ON training_plans(position, id);

CREATE TABLE training_plan_weeks (
    plan_id INTEGER NOT NULL REFERENCES training_plans(id) ON DELETE CASCADE,
    week    INTEGER NOT NULL,
    focus   TEXT NOT NULL,
    PRIMARY KEY (plan_id, week)
);

CREATE TABLE training_plan_sessions (
    plan_id    INTEGER NOT NULL REFERENCES training_plans(id) ON DELETE CASCADE,
    week       INTEGER NOT NULL,
    day        INTEGER NOT NULL, -- 1 = Monday
    title      TEXT NOT NULL,
    details    TEXT NOT NULL,
    workout_id INTEGER REFERENCES workouts(id),
    PRIMARY KEY (plan_id, week, day)
);

DROP TABLE calendar_feeds;
DROP TABLE calendar_sessions;
DROP TABLE program_starts;
DROP TABLE program_sessions;
DROP TABLE program_weeks;
DROP TABLE programs;
