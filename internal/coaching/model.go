// Package coaching owns coaches' profiles, the elite athlete's chosen coach
// and the 1:1 message threads between them, with live delivery by
// server-sent events (docs/coaching.md).
package coaching

import "time"

// Coach is one coach's public profile.
type Coach struct {
	ID           int64    `json:"id"`
	Username     string   `json:"username"`
	Name         string   `json:"name"`
	Bio          string   `json:"bio"`
	Photo        string   `json:"photo"`
	Specialities []string `json:"specialities"`
	TimeZone     string   `json:"timeZone"`
}

// Thread is one athlete-coach conversation as one of the two sees it.
type Thread struct {
	ID              int64  `json:"id"`
	AthleteID       int64  `json:"athleteId"`
	AthleteUsername string `json:"athleteUsername"`
	CoachID         int64  `json:"coachId"`
	CoachUsername   string `json:"coachUsername"`
	CoachName       string `json:"coachName"`
	// Active is false once the assignment ended: the thread stays readable
	// but takes no new messages.
	Active bool `json:"active"`
	Unread int  `json:"unread"`
}

// Message is one message in a thread.
type Message struct {
	ID        int64     `json:"id"`
	ThreadID  int64     `json:"threadId"`
	SenderID  int64     `json:"senderId"`
	Username  string    `json:"username"`
	Body      string    `json:"body"`
	CreatedAt time.Time `json:"createdAt"`
}

// Overview is GET /api/coaching: who I am here, my coach (athletes) and my
// threads.
type Overview struct {
	Role    string   `json:"role"`
	Coach   *Coach   `json:"coach"`
	Threads []Thread `json:"threads"`
	Unread  int      `json:"unread"`
}

// ChooseInput is the body of PUT /api/coaching/coach.
type ChooseInput struct {
	CoachID int64 `json:"coachId"`
}

// MessageInput is the body of POST /api/coaching/threads/{id}/messages.
type MessageInput struct {
	Body string `json:"body"`
}

// Limits (docs/coaching.md).
const (
	MaxMessageChars = 4000
	// MessagePage is how many of a thread's latest messages one read returns.
	MessagePage = 200
)
