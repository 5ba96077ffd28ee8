package training

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/identity"
)

// Coach comments on a logged session (docs/training-logs.md#coach-comments):
// the athlete's current coach writes them, the athlete and that coach read
// them with the log.

// MaxCommentChars is the longest comment, after trimming.
const MaxCommentChars = 2000

// LogComment is a coach's comment on a log.
type LogComment struct {
	ID        int64     `json:"id"`
	LogID     int64     `json:"logId"`
	AuthorID  int64     `json:"authorId"`
	Username  string    `json:"username"`
	Body      string    `json:"body"`
	CreatedAt time.Time `json:"createdAt"`
}

// CommentInput is the body of POST /api/workout-logs/{id}/comments.
type CommentInput struct {
	Body string `json:"body"`
}

// CommentNoticeFunc tells the athlete of a new comment (the server wires it
// to a line in the coaching thread); a failure is the notice's, not the
// comment's.
type CommentNoticeFunc func(ctx context.Context, coach identity.Identity, athleteID int64, l Log, c LogComment) error

// UseCommentNotice sets how athletes hear of new comments.
func (s *Service) UseCommentNotice(f CommentNoticeFunc) { s.commentNotice = f }

var (
	errCommentOwnLog = apperr.Errorf(apperr.CodeForbidden, "Only your coach can comment on your logs.")
	errCommentNoLog  = apperr.Errorf(apperr.CodeNotFound, "This log does not exist or its athlete is not yours.")
)

// ValidateComment checks a comment and returns its cleaned text: line
// endings normalised, control characters other than newline and tab
// dropped, ends trimmed.
func ValidateComment(in CommentInput) (string, error) {
	var v apperr.Validator
	v.Check(utf8.ValidString(in.Body), "body", "The comment contains characters that are not valid text.")
	text := strings.ReplaceAll(in.Body, "\r\n", "\n")
	text = strings.TrimSpace(strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == '\t':
			return r
		case r == '\r':
			return '\n'
		case unicode.IsControl(r):
			return -1
		}
		return r
	}, text))
	n := utf8.RuneCountInString(text)
	v.Check(n > 0, "body", "Write a comment before sending.")
	v.Check(n <= MaxCommentChars, "body", "A comment can be at most "+strconv.Itoa(MaxCommentChars)+
		" characters (this one has "+strconv.Itoa(n)+").")
	return text, v.Err()
}

// AddComment stores coach's comment on a log of one of their current
// athletes. The athlete gets a 403 on their own log; anyone else (another
// coach, a former coach, any athlete) a 404 that does not tell whether the
// log exists. Bad input is a 400 and stores nothing.
func (s *Service) AddComment(ctx context.Context, coach identity.Identity, logID int64, in CommentInput) (LogComment, error) {
	l, err := s.store.LogOwnedBy(ctx, logID)
	if apperr.Is(err, apperr.CodeNotFound) {
		return LogComment{}, errCommentNoLog
	}
	if err != nil {
		return LogComment{}, err
	}
	if l.UserID == coach.UserID {
		return LogComment{}, errCommentOwnLog
	}
	ok, err := s.isCoachOf(ctx, coach.UserID, l.UserID)
	if err != nil {
		return LogComment{}, err
	}
	if !ok || !coach.IsCoach() {
		return LogComment{}, errCommentNoLog
	}
	body, err := ValidateComment(in)
	if err != nil {
		return LogComment{}, err
	}
	c, err := s.store.AddComment(ctx, LogComment{LogID: l.ID, AuthorID: coach.UserID, Username: coach.Username,
		Body: body, CreatedAt: s.now().UTC().Truncate(time.Microsecond)}, l.UserID)
	if err != nil {
		return LogComment{}, err
	}
	if s.commentNotice != nil {
		_ = s.commentNotice(ctx, coach, l.UserID, l, c)
	}
	return c, nil
}

// LogOwnedBy loads a log whoever owns it (for the coach checks).
func (s *Store) LogOwnedBy(ctx context.Context, id int64) (Log, error) {
	l, err := scanLog(s.db.QueryRow(ctx, `SELECT `+logColumns+` FROM workout_logs WHERE id = ?`, id))
	return l, apperr.NotFoundIfNoRows(err, errLogNotFound)
}

// AddComment stores a comment on a log of athleteID.
func (s *Store) AddComment(ctx context.Context, c LogComment, athleteID int64) (LogComment, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO workout_log_comments (log_id, athlete_id, author_id, username, body, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, c.LogID, athleteID, c.AuthorID, c.Username, c.Body, c.CreatedAt).Scan(&c.ID)
	})
	return c, err
}

// Comments lists a log's comments, oldest first (the
// workout_log_comments_log index).
func (s *Store) Comments(ctx context.Context, logID int64) ([]LogComment, error) {
	return s.comments(ctx, `log_id`, logID)
}

// CommentsBy lists the comments authorID wrote, oldest first (the
// workout_log_comments_author index; the data export).
func (s *Store) CommentsBy(ctx context.Context, authorID int64) ([]LogComment, error) {
	return s.comments(ctx, `author_id`, authorID)
}

func (s *Store) comments(ctx context.Context, column string, id int64) ([]LogComment, error) {
	rows, err := s.db.Query(ctx, `SELECT id, log_id, author_id, username, body, created_at FROM workout_log_comments
		WHERE `+column+` = ? ORDER BY id`, id)
	return db.Collect(rows, err, func(row db.Scanner) (c LogComment, err error) {
		err = row.Scan(&c.ID, &c.LogID, &c.AuthorID, &c.Username, &c.Body, &c.CreatedAt)
		c.CreatedAt = c.CreatedAt.UTC()
		return c, err
	})
}

// RenameAuthor keeps the username copied onto a coach's comments in step
// when the account renames itself (auth's UsernameListener; the
// workout_log_comments_author index).
func (s *Service) RenameAuthor(ctx context.Context, userID int64, username string) error {
	_, err := s.store.db.Exec(ctx, `UPDATE workout_log_comments SET username = ? WHERE author_id = ?`, username, userID)
	return err
}
