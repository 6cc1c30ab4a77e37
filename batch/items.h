// A batch's work list: one item per problem instance (a problem, or one of its twins) to analyse,
// or per problem or file that cannot be analysed (its errors), in input order.
#pragma once

#include "format/input/problem_reader.h"

#include <optional>
#include <string>
#include <vector>

namespace dynamo::batch {

struct Item {
    const Problem* problem = nullptr; // null: an error of the file itself (unreadable, ...)
    std::string file;
    int index = 0;                           // in the file, 1-based; 0 for the file itself
    std::optional<ProblemInstance> instance; // set: to analyse
    std::vector<Diagnostic> errors;          // a malformed problem, or the file's own errors
    int twins = 0;                           // the problem's instances (its twins), if > 1
    int twin = 0;                            // which of them this is
    bool duplex_half = false;                // Duplex: the half with the other side starting
};

// The items of the files read (reads[f] read from files[f]): a problem's twins one after the
// other (under Duplex each twice, as `solve` does: the second half labelled "duplex:"); errors
// outside any problem (the file is unreadable, empty, lacks `endproblem`...) make one item of
// their own after the file's problems. Items point into `reads`.
std::vector<Item> items_of(const std::vector<ReadResult>& reads,
                           const std::vector<std::string>& files);

// The files of a batch read, and their items. Not copyable: the items point into the reads.
struct Batch {
    std::vector<std::string> files;
    std::vector<ReadResult> reads;
    std::vector<Item> items;

    Batch() = default;
    Batch(Batch&&) = default;
    Batch& operator=(Batch&&) = default;
    Batch(const Batch&) = delete;
    Batch& operator=(const Batch&) = delete;
};

// Reads the files (and the folders' problem files, see input_files) given.
Batch read_batch(const std::vector<std::string>& paths);

// A part of a batch: problems I, I+N, I+2N, ... of the whole list (0-based, across inputs).
struct Shard {
    size_t index = 0, count = 1;
};

// "I/N", 0 <= I < N; nullopt when the text is anything else.
std::optional<Shard> parse_shard(const std::string& text);

// The items of a shard: problems I, I+N, ..., each with all its twins (an error of a file itself
// counts as a problem). Every shard counts the same list, so the shards together are the
// unsharded run.
std::vector<Item> shard_items(std::vector<Item> all, Shard shard);

} // namespace dynamo::batch
