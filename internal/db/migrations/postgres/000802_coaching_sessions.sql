-- +goose Up
-- 1:1 coaching sessions (docs/coaching.md#11-sessions): a coach's weekly
-- availability with exceptions, and the sessions athletes book on a fixed
-- 30-minute grid.

-- One row per coach: weekly windows and dated exceptions as JSON, in the
-- coach's time zone (coach_profiles.time_zone). Read whole, written whole.
CREATE TABLE coach_availability (
    coach_id   BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
    weekly     TEXT NOT NULL DEFAULT '[]',
    exceptions TEXT NOT NULL DEFAULT '[]',
    updated_at TIMESTAMPTZ NOT NULL
);

-- A booked session. month is the calendar month of the start in the coach's
-- time zone (YYYY-MM); credit is which of the month's two included sessions
-- it uses: the partial unique index makes the monthly limit a constraint.
CREATE TABLE coach_sessions (
    id                BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    coach_id          BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    athlete_id        BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    start_at          TIMESTAMPTZ NOT NULL,
    minutes           INTEGER NOT NULL,
    month             TEXT NOT NULL,
    credit            INTEGER NOT NULL,
    athlete_time_zone TEXT NOT NULL DEFAULT 'UTC',
    meeting_link      TEXT NOT NULL DEFAULT '',
    sequence          INTEGER NOT NULL DEFAULT 0,
    created_at        TIMESTAMPTZ NOT NULL,
    cancelled_at      TIMESTAMPTZ,
    cancelled_by      BIGINT,
    reminded_at       TIMESTAMPTZ
);
CREATE UNIQUE INDEX coach_sessions_credit ON coach_sessions(athlete_id, month, credit) WHERE cancelled_at IS NULL;
CREATE INDEX coach_sessions_athlete ON coach_sessions(athlete_id, start_at);
CREATE INDEX coach_sessions_coach ON coach_sessions(coach_id, start_at);
CREATE INDEX coach_sessions_remind ON coach_sessions(start_at) WHERE cancelled_at IS NULL AND reminded_at IS NULL;

-- One row per occupied 30-minute slot (a 60-minute session holds two). The
-- partial unique index is what stops a double booking, across instances.
CREATE TABLE coach_session_slots (
    session_id  BIGINT NOT NULL REFERENCES coach_sessions(id) ON DELETE CASCADE,
    coach_id    BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    slot_at     TIMESTAMPTZ NOT NULL,
    released_at TIMESTAMPTZ,
    PRIMARY KEY (session_id, slot_at)
);
CREATE UNIQUE INDEX coach_session_slots_taken ON coach_session_slots(coach_id, slot_at) WHERE released_at IS NULL;

-- +goose Down
DROP TABLE coach_session_slots;
DROP TABLE coach_sessions;
DROP TABLE coach_availability;
