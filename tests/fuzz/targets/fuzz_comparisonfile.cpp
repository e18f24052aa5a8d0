// The cross-run comparison's state file (~/.daystrom/comparisons/<id>.json, issue 61), as
// `resume` and `daystrom cleanup` read it. Properties: arbitrary bytes never crash the reader;
// what it refuses comes with a message naming the file; a state that loads saves to JSON that
// loads to the same JSON, with the same candidates still to scan.
#include "../fuzztarget.h"

#include "runs/comparisonstate.h"

using namespace Qt::StringLiterals;

DAYSTROM_FUZZ_TARGET(comparison_file)
{
    QString error;
    const std::optional<ComparisonState> state = ComparisonState::parse(data, u"fuzz.json"_s, &error);
    if (!state) {
        FUZZ_REQUIRE(error.startsWith(u"fuzz.json"_s) && error.size() > 12, u"an unclear refusal: "_s + error);
        return;
    }
    FUZZ_REQUIRE(state->candidates.size() >= 2, u"a comparison of fewer than two candidates loaded"_s);
    FUZZ_REQUIRE(!state->prompts.isEmpty(), u"a comparison without prompts loaded"_s);
    for (const ComparisonState::Candidate &c : state->candidates)
        FUZZ_REQUIRE(!c.results || c.results->size() == state->prompts.size(), u"results that do not match the prompts"_s);
    const QJsonObject saved = state->toJson();
    QStringList errors;
    const ComparisonState again = ComparisonState::fromJson(saved, &errors);
    FUZZ_REQUIRE(errors.isEmpty(), u"a saved comparison does not load: "_s + errors.join(u"; "_s));
    FUZZ_REQUIRE(again.toJson() == saved, u"a saved comparison reads back differently"_s);
    FUZZ_REQUIRE(again.missing() == state->missing(), u"the candidates to scan changed on a round trip"_s);
}
