// A person's day as morning_brief and daily_digest describe it (calendar, todos, messages, news topics): the
// row schemas and the plain-text rendering both prompts share.
//
//   CalendarEventSchema, TodoSchema, MessageSchema
//   renderCalendar(events), renderTodos(todos), renderMessages(messages): string
import { z } from 'zod'

export const CalendarEventSchema = z.strictObject({
  time: z.string().regex(/^\d{2}:\d{2}$/),
  title: z.string().min(3),
  notes: z.string().min(3).optional(),
})
export const TodoSchema = z.strictObject({
  task: z.string().min(3),
  due: z.string().min(2).optional(),
})
export const MessageSchema = z.strictObject({
  from: z.string().min(2),
  summary: z.string().min(5),
})
export type CalendarEvent = z.infer<typeof CalendarEventSchema>
export type Todo = z.infer<typeof TodoSchema>
export type Message = z.infer<typeof MessageSchema>

export const renderCalendar = (events: readonly CalendarEvent[]): string => events.map((e) => `- ${e.time} ${e.title}${e.notes ? ` (${e.notes})` : ''}`).join('\n')
export const renderTodos = (todos: readonly Todo[]): string => todos.map((t) => `- ${t.task}${t.due ? ` (due: ${t.due})` : ''}`).join('\n')
export const renderMessages = (messages: readonly Message[]): string => messages.map((m) => `- From ${m.from}: ${m.summary}`).join('\n')
