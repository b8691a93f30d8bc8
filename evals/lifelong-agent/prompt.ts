// The upstream conversation (LifelongAgentBench task_requirement.py + construct.py): the task requirement as a
// user turn, the agent's "OK.", then the sample's question. The requirement is upstream's, with its text
// protocol ("Action: Operation" + a sql fence, "Act: bash") turned into the tool that does the same here (`sql`,
// `shell`); a model limited to one reply may still write upstream's format, which is run once when scored.
import type { ChatMessage } from '../../src/core/messages.ts'
import type { EvalRecord } from '../../src/core/record.ts'

const SUFFIX = '\n\nNow, I will give you the question that you need to solve.'

export const DB_REQUIREMENT = `I will ask you a question, then you should help me operate a MySQL database with SQL to answer the question.
You have to explain the problem and your solution to me and write down your thoughts.
After thinking and explaining thoroughly, every round you can choose one of the two actions: Operation or Answer.

To do operation, call the \`sql\` tool with one SQL statement, such as SELECT * FROM table WHERE condition;
Your SQL should be in one line.
Every time you can only execute one SQL statement. Every time you write a SQL, I will execute it for you and give you the output.
If the SQL is not executed successfully, the response will be the error message.
Otherwise, the response will be the raw MySQL response.
For SELECT queries, the response will be the result of the query, such as [(1, 'John Doe', 'HR'), (2, 'Jane Smith', 'IT'), ...], where each tuple represents a row and the elements are the values of the columns in the row.
For SQL such as INSERT, UPDATE, and DELETE, the response will be an empty list [] indicating that the SQL was executed successfully.
If you cannot call tools, write the operation instead, exactly like this, and it will be executed once:
Action: Operation
\`\`\`sql
SELECT * FROM table WHERE condition;
\`\`\`

If you have obtain the answer by interacting with the database, and you MUST commit your final answer, without calling a tool, using the format like this:
Action: Answer
Final Answer: [(1, 'John Doe', 'HR'), (2, 'Jane Smith', 'IT'), ...]
DO NOT write this pattern unless you are sure about your answer. I expect an accurate and correct answer.
Your answer should be accurate. Your answer must be exactly the same as the correct answer.
If the question is about modifying the database, then after done operation, your answer field can be anything.
If the question is about querying the database, then after done operation, your answer field should be the result of the query.
We note that the column names will not be displayed in the result, and you need to ensure both the orders of the columns and rows are correct.
Once you commit your answer or the number of rounds reaches 3, the task will be finished and the system will judge whether you pass the task or not.`

export const OS_REQUIREMENT = `I will provide you with a task to perform on a Linux (Ubuntu) system. Your objective is to complete the task by executing the appropriate Bash commands.

### Interaction Rules:
1. **Thorough Analysis and Reasoning**:
    - Before performing any action, carefully analyze the task and explain your thought process.
    - Include a detailed explanation of the logic behind your choice of commands and approach.

2. **Action Choices**:
   - At the end of your reasoning, select **one and only one action** for each turn.
     - **"bash"**: When you need to execute a command or perform an operation, call the \`shell\` tool with the corresponding Bash code.
     - **"finish"**: When the task is complete and no further action is required, conclude with a reply that calls no tool, ending with:
        Act: finish

3. **Other Guidelines**:
    - If you cannot call tools, reply once with all the commands the task needs, structured as:
        Act: bash
        \`\`\`bash
        # Your Bash command(s) here
        \`\`\`
    - Ensure all Bash commands are compatible with Linux (Ubuntu) systems.
    - Avoid interactive operations (e.g., read, readline) in your Bash commands.

4. **Task Completion**:
    - The task will conclude either when you select the "finish" action or when the number of rounds reaches 5.
    - The system will evaluate your performance to determine if the task was successfully completed.`

export const KG_REQUIREMENT = `You are an intelligent agent tasked with answering questions by querying a knowledge base. Answer with: Final Answer: #id`

const REQUIREMENT: Record<string, string> = { db_bench: DB_REQUIREMENT, os_interaction: OS_REQUIREMENT, knowledge_graph: KG_REQUIREMENT }

/** [user: requirement, assistant: "OK.", user: the question]; episode mode's earlier successes are in `problem`. */
export function lifelongMessages(record: EvalRecord): ChatMessage[] {
  const requirement = REQUIREMENT[String(record.metadata.subset)] ?? DB_REQUIREMENT
  return [
    { role: 'user', content: `${requirement}${SUFFIX}` },
    { role: 'assistant', content: 'OK.' },
    { role: 'user', content: record.problem },
  ]
}
