-- +goose Up
-- Coaching (docs/coaching.md): coach profiles, the elite athlete's chosen
-- coach, and one message thread per athlete-coach pair.
CREATE TABLE coach_profiles (
    user_id      INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    username     TEXT NOT NULL,
    name         TEXT NOT NULL,
    bio          TEXT NOT NULL DEFAULT '',
    photo        TEXT NOT NULL DEFAULT '',
    specialities TEXT NOT NULL DEFAULT '[]',
    time_zone    TEXT NOT NULL DEFAULT 'UTC'
);

-- An athlete has at most one current coach; ended assignments are kept so
-- the thread stays readable.
CREATE TABLE coach_assignments (
    id         INTEGER PRIMARY KEY,
    athlete_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    coach_id   INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    started_at TIMESTAMP NOT NULL,
    ended_at   TIMESTAMP
);
CREATE UNIQUE INDEX coach_assignments_current ON coach_assignments(athlete_id) WHERE ended_at IS NULL;
CREATE INDEX coach_assignments_coach ON coach_assignments(coach_id, ended_at);

CREATE TABLE coach_threads (
    id                INTEGER PRIMARY KEY,
    athlete_id        INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    coach_id          INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    athlete_read_id   INTEGER NOT NULL DEFAULT 0,
    coach_read_id     INTEGER NOT NULL DEFAULT 0,
    UNIQUE (athlete_id, coach_id)
);
CREATE INDEX coach_threads_coach ON coach_threads(coach_id);

CREATE TABLE coach_messages (
    id         INTEGER PRIMARY KEY,
    thread_id  INTEGER NOT NULL REFERENCES coach_threads(id) ON DELETE CASCADE,
    sender_id  INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    username   TEXT NOT NULL,
    body       TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL
);
CREATE INDEX coach_messages_thread ON coach_messages(thread_id, id);

-- Ask a Coach: any member asks; the coaches' queue puts priority questions
-- (asked by pro and elite members) first, then the oldest.
CREATE TABLE coach_questions (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    username    TEXT NOT NULL,
    tier        TEXT NOT NULL,
    priority    INTEGER NOT NULL DEFAULT 0,
    body        TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL,
    answered_at TIMESTAMP
);
CREATE INDEX coach_questions_queue ON coach_questions(priority, created_at, id) WHERE answered_at IS NULL;
CREATE INDEX coach_questions_user ON coach_questions(user_id, id);

CREATE TABLE coach_answers (
    id          INTEGER PRIMARY KEY,
    question_id INTEGER NOT NULL REFERENCES coach_questions(id) ON DELETE CASCADE,
    coach_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    username    TEXT NOT NULL,
    body        TEXT NOT NULL,
    created_at  TIMESTAMP NOT NULL
);
CREATE INDEX coach_answers_question ON coach_answers(question_id, id);

-- +goose Down
DROP TABLE coach_answers;
DROP TABLE coach_questions;
DROP TABLE coach_messages;
DROP TABLE coach_threads;
DROP TABLE coach_assignments;
DROP TABLE coach_profiles;
