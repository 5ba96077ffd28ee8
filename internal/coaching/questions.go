package coaching

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"hyrox/internal/apperr"
	"hyrox/internal/db"
	"hyrox/internal/identity"
	"hyrox/internal/mail"
	"hyrox/internal/plaintext"
	"hyrox/internal/tier"
)

// Question is one Ask a Coach question with its answers
// (docs/coaching.md#ask-a-coach).
type Question struct {
	ID       int64  `json:"id"`
	UserID   int64  `json:"userId"`
	Username string `json:"username"`
	// Tier is the asker's tier when they asked; Priority is true for pro
	// and elite (their questions come first in the coaches' queue).
	Tier      string    `json:"tier"`
	Priority  bool      `json:"priority"`
	Body      string    `json:"body"`
	CreatedAt time.Time `json:"createdAt"`
	Answered  bool      `json:"answered"`
	Answers   []Answer  `json:"answers"`
}

// Answer is a coach's answer to a question.
type Answer struct {
	ID         int64     `json:"id"`
	QuestionID int64     `json:"questionId"`
	CoachID    int64     `json:"coachId"`
	Username   string    `json:"username"`
	Body       string    `json:"body"`
	CreatedAt  time.Time `json:"createdAt"`
}

// QuestionInput is the body of POST /api/coaching/questions and of an answer.
type QuestionInput struct {
	Body string `json:"body"`
}

// Limits of Ask a Coach (docs/coaching.md#ask-a-coach).
const (
	MaxQuestionChars = 2000
	MaxAnswerChars   = 4000
	QueueSize        = 100
	// MaxOpenQuestions is how many unanswered questions one asker may have.
	MaxOpenQuestions = 3
)

// Contacts finds where to e-mail a user (auth implements it).
type Contacts interface {
	BillingContact(ctx context.Context, userID int64) (email, username string, err error)
}

var (
	errQuestionNotFound = apperr.Errorf(apperr.CodeNotFound, "This question does not exist.")
	errAlreadyAnswered  = apperr.Errorf(apperr.CodeConflict, "This question has already been answered.")
	errTooManyOpen      = apperr.Errorf(apperr.CodeConflict, "You have %d questions waiting for a coach. You can ask another once one is answered.", MaxOpenQuestions)
)

func checkBody(raw, field, what string, max int) (string, error) {
	var v apperr.Validator
	v.Check(utf8.ValidString(raw), field, "The "+what+" contains characters that are not valid text.")
	text := plaintext.Clean(raw)
	n := utf8.RuneCountInString(text)
	v.Check(plaintext.HasVisible(text), field, "Write your "+what+" first.")
	v.Check(n <= max, field, "A "+what+" can be at most "+strconv.Itoa(max)+" characters (this one has "+strconv.Itoa(n)+").")
	return text, v.Err()
}

// ValidateQuestion checks a question and returns it cleaned.
func ValidateQuestion(in QuestionInput) (string, error) {
	return checkBody(in.Body, "body", "question", MaxQuestionChars)
}

// ValidateAnswer checks an answer and returns it cleaned.
func ValidateAnswer(in QuestionInput) (string, error) {
	return checkBody(in.Body, "body", "answer", MaxAnswerChars)
}

// UseMail lets answers notify the asker by e-mail; sender nil sends none.
func (s *Service) UseMail(sender mail.Sender, contacts Contacts, publicURL string, logger *slog.Logger) {
	s.mail, s.contacts, s.publicURL, s.logger = sender, contacts, publicURL, logger
}

// Ask records id's question; pro and elite askers get priority.
func (s *Service) Ask(ctx context.Context, id identity.Identity, in QuestionInput) (Question, error) {
	body, err := ValidateQuestion(in)
	if err != nil {
		return Question{}, err
	}
	userTier := id.Tier
	if tier.Rank(userTier) == 0 {
		userTier = tier.Basic
	}
	q := Question{UserID: id.UserID, Username: id.Username, Tier: userTier,
		Priority: tier.Rank(userTier) >= tier.Rank(tier.Pro), Body: body, CreatedAt: s.stamp(), Answers: []Answer{}}
	return s.store.AddQuestion(ctx, q, MaxOpenQuestions)
}

// MyQuestions is the asker's questions, newest first, with their answers.
func (s *Service) MyQuestions(ctx context.Context, userID int64) ([]Question, error) {
	qs, err := s.store.Questions(ctx, `q.user_id = ?`, `q.id DESC`, 50, userID)
	if err != nil {
		return nil, err
	}
	return qs, s.store.FillAnswers(ctx, qs)
}

// Queue is the coaches' queue of open questions in rounds: every asker's
// oldest open question, then every asker's second, and so on; within a round
// priority first, then the oldest. So a few accounts cannot push a newcomer's
// question out of the first QueueSize. Only coaches see it.
func (s *Service) Queue(ctx context.Context, id identity.Identity) ([]Question, error) {
	if !id.IsCoach() {
		return nil, errNotCoach
	}
	return s.store.OpenQueue(ctx, QueueSize)
}

// Answer records a coach's answer, marks the question answered and
// e-mails the asker. A question takes one answer: a second is refused (409)
// and sends nothing.
func (s *Service) Answer(ctx context.Context, id identity.Identity, questionID int64, in QuestionInput) (Answer, error) {
	if !id.IsCoach() {
		return Answer{}, errNotCoach
	}
	body, err := ValidateAnswer(in)
	if err != nil {
		return Answer{}, err
	}
	q, err := s.store.Question(ctx, questionID)
	if err != nil {
		return Answer{}, err
	}
	a, err := s.store.AddAnswer(ctx, Answer{QuestionID: q.ID, CoachID: id.UserID, Username: id.Username, Body: body, CreatedAt: s.stamp()}, q.UserID)
	if err != nil {
		return Answer{}, err
	}
	s.notifyAnswer(ctx, q, a)
	return a, nil
}

// notifyAnswer e-mails the asker; a failure is logged, the answer stands.
func (s *Service) notifyAnswer(ctx context.Context, q Question, a Answer) {
	if s.mail == nil || s.contacts == nil {
		return
	}
	email, username, err := s.contacts.BillingContact(ctx, q.UserID)
	if err == nil {
		err = s.mail.Send(ctx, mail.Message{To: email, Subject: "A coach answered your question",
			Body: fmt.Sprintf("Hi %s,\n\nCoach %s answered your question:\n\n> %s\n\n%s\n\nSee it in the community: %s/community#ask-a-coach\n",
				username, a.Username, q.Body, a.Body, s.publicURL)})
	}
	if err != nil && s.logger != nil {
		s.logger.WarnContext(ctx, "coaching: answer e-mail not sent", "question", q.ID, "err", err)
	}
}

const questionColumns = `q.id, q.user_id, q.username, q.tier, q.priority, q.body, q.created_at, q.answered_at IS NOT NULL`

func scanQuestion(row interface{ Scan(...any) error }) (Question, error) {
	var q Question
	var prio int
	err := row.Scan(&q.ID, &q.UserID, &q.Username, &q.Tier, &prio, &q.Body, &q.CreatedAt, &q.Answered)
	q.Priority, q.CreatedAt, q.Answers = prio > 0, q.CreatedAt.UTC(), []Answer{}
	return q, err
}

// AddQuestion stores a question unless its asker already has maxOpen open
// ones. (Two asks racing on PostgreSQL may both pass the count: the per-user
// rate limit bounds that to a few.)
func (s *Store) AddQuestion(ctx context.Context, q Question, maxOpen int) (Question, error) {
	prio := 0
	if q.Priority {
		prio = 1
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var open int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM coach_questions WHERE user_id = ? AND answered_at IS NULL`,
			q.UserID).Scan(&open); err != nil {
			return err
		}
		if open >= maxOpen {
			return errTooManyOpen
		}
		return tx.QueryRow(ctx, `INSERT INTO coach_questions (user_id, username, tier, priority, body, created_at)
			VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, q.UserID, q.Username, q.Tier, prio, q.Body, q.CreatedAt).Scan(&q.ID)
	})
	return q, err
}

// Questions lists up to limit questions matching where, in order.
func (s *Store) Questions(ctx context.Context, where, order string, limit int, args ...any) ([]Question, error) {
	rows, err := s.db.Query(ctx, `SELECT `+questionColumns+` FROM coach_questions q WHERE `+where+
		` ORDER BY `+order+` LIMIT ?`, append(args, limit)...)
	return db.Collect(rows, err, scanQuestion)
}

// OpenQueue lists up to limit open questions in Service.Queue's order: the
// round is the question's place among its asker's open ones.
func (s *Store) OpenQueue(ctx context.Context, limit int) ([]Question, error) {
	rows, err := s.db.Query(ctx, `SELECT `+questionColumns+` FROM (
			SELECT q.*, ROW_NUMBER() OVER (PARTITION BY q.user_id ORDER BY q.created_at, q.id) AS round
			FROM coach_questions q WHERE q.answered_at IS NULL) q
		ORDER BY q.round, q.priority DESC, q.created_at, q.id LIMIT ?`, limit)
	return db.Collect(rows, err, scanQuestion)
}

// Question loads one question.
func (s *Store) Question(ctx context.Context, id int64) (Question, error) {
	q, err := scanQuestion(s.db.QueryRow(ctx, `SELECT `+questionColumns+` FROM coach_questions q WHERE q.id = ?`, id))
	return q, apperr.NotFoundIfNoRows(err, errQuestionNotFound)
}

// AddAnswer marks its question answered and stores the answer, or answers
// errAlreadyAnswered. Marking first makes two coaches answering at once
// safe: the second one's UPDATE waits for the first and then finds nothing.
// AddAnswer stores a's answer to a question of asker's, once, and tells
// the asker live.
func (s *Store) AddAnswer(ctx context.Context, a Answer, asker int64) (Answer, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, `UPDATE coach_questions SET answered_at = ? WHERE id = ? AND answered_at IS NULL`, a.CreatedAt, a.QuestionID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return errAlreadyAnswered
		}
		if err := tx.QueryRow(ctx, `INSERT INTO coach_answers (question_id, coach_id, username, body, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`, a.QuestionID, a.CoachID, a.Username, a.Body, a.CreatedAt).Scan(&a.ID); err != nil {
			return err
		}
		return s.live.Publish(ctx, tx, EventAnswer, AnswerEvent{QuestionID: a.QuestionID}, asker)
	})
	return a, err
}

// FillAnswers loads the answers of qs, oldest first, in one query (the
// coach_answers question index) whatever the number of questions.
func (s *Store) FillAnswers(ctx context.Context, qs []Question) error {
	if len(qs) == 0 {
		return nil
	}
	at := make(map[int64]int, len(qs))
	args := make([]any, len(qs))
	for i, q := range qs {
		at[q.ID], args[i] = i, q.ID
	}
	rows, err := s.db.Query(ctx, `SELECT id, question_id, coach_id, username, body, created_at FROM coach_answers
		WHERE question_id IN (?`+strings.Repeat(", ?", len(qs)-1)+`) ORDER BY id`, args...)
	return db.Each(rows, err, func(row db.Scanner) error {
		var a Answer
		if err := row.Scan(&a.ID, &a.QuestionID, &a.CoachID, &a.Username, &a.Body, &a.CreatedAt); err != nil {
			return err
		}
		a.CreatedAt = a.CreatedAt.UTC()
		i := at[a.QuestionID]
		qs[i].Answers = append(qs[i].Answers, a)
		return nil
	})
}
