// What the agent is asked. WebChoreArena's own agents (AgentOccam) give the intent and the start page; ours works
// through the browser tools and ends with one reply holding its answer after "FINAL ANSWER:".
export const buildPrompt = (startUrl: string, intent: string): string =>
  [
    'You are a web agent. Complete the task below in the browser with your tools: browser_read shows the current page with numbered elements, browser_click and browser_type act on them, browser_navigate opens a URL.',
    '',
    `Start page: ${startUrl}`,
    `Task: ${intent}`,
    '',
    'When you are done, reply without calling a tool: "FINAL ANSWER: " followed by exactly the answer the task asks for, in its format (or "N/A" if the task cannot be done). For a task that only asks you to change something on the site, make the change, then reply "FINAL ANSWER: done".',
  ].join('\n')

/** The answer of the final reply: what follows its last "FINAL ANSWER:", else the whole reply. */
export function finalAnswer(reply: string): string {
  const i = reply.toUpperCase().lastIndexOf('FINAL ANSWER:')
  return (i < 0 ? reply : reply.slice(i + 'FINAL ANSWER:'.length)).trim()
}
