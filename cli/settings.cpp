#include "settings.h"

#include "progress_line.h"
#include "usage.h"

#include "format/base/message.h"
#include "format/base/rules_text.h"

#include <csignal>

namespace dynamo::cli {

namespace {

std::atomic<bool> interrupt_flag{false};
extern "C" void on_interrupt(int) { interrupt_flag.store(true); }

Language language_from(const std::string& text) {
    Language lang;
    if (!parse_language(text, lang)) {
        UsageError e(option_said(
            "--lang", Message(Phrase::ExpectedFound, {or_list({"en", "de", "fr", "it"}), text})));
        e.every_language = true;
        throw e;
    }
    return lang;
}

SolutionOrder order_from(const std::string& text) {
    if (text == "ours") return SolutionOrder::Ours;
    if (text == "popeye") return SolutionOrder::Popeye;
    throw UsageError(option_said(
        "--order", Message(Phrase::ExpectedFound, {or_list({"ours", "popeye"}), text})));
}

RuleSet rules_from(const std::string& text) {
    RulesError error;
    auto rules = parse_rules(text, &error);
    if (!rules) throw UsageError(option_said("--rules", rules_said(error)));
    return *rules;
}

} // namespace

batch::Settings settings_from(const CommonOptions& common) {
    batch::Settings settings;
    settings.lang = language_from(common.lang);
    settings.order = order_from(common.order);
    settings.rules = rules_from(common.rules);
    settings.rules_override = common.rules_given;
    settings.resources.threads = batch::threads_for(common.threads);
    return settings;
}

batch::Settings settings_from(const CommonOptions& common, const SolveOptions& solve) {
    batch::Settings settings = settings_from(common);
    settings.tries = solve.tries;
    settings.variations = solve.variations;
    settings.intended = solve.intended;
    settings.resources.hash_mb = size_t(solve.hash_mb);
    settings.resources.max_seconds = solve.max_seconds;
    settings.resources.interrupt = &interrupted();
    settings.progress = progress_wanted(solve.quiet);
    return settings;
}

void install_interrupt_handler() {
    interrupt_flag.store(false);
    struct sigaction sa {};
    sa.sa_handler = on_interrupt;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, nullptr);
}

const std::atomic<bool>& interrupted() { return interrupt_flag; }

} // namespace dynamo::cli
