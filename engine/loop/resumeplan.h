#pragma once

struct RunState;

// What a resume continues: the same rule for the CLI and the desktop app.
namespace ResumePlan {

// Whether the run had decided to stop and was finishing (learnings, prompt set) when it was
// paused, cancelled or killed: a resume only finishes it.
bool isFinishing(const RunState &run);

// The iteration limit for the resume: `more` (> 0) iterations beyond those done when asked;
// otherwise, for a run that used all its iterations without deciding to stop, 10 more. A
// finishing run keeps its limit (its resume runs no iteration), and so does a run killed
// before deciding on its last iteration: the resume takes that decision as the run would have.
void extendIterations(RunState &run, int more = 0);

} // namespace ResumePlan
