// The Dynamo generator restricted line by line, and the checking moves made with it
// (docs/helpmate.md, Dynamo: the checking pieces).
#pragma once

#include "solver/rules/movegen.h"

#include <cstdint>

namespace dynamo {

// generate_dynamo_admitted, with only the ways along the lines and leaps `directions` names:
// for the piece on s, bit d of directions[s] stands for a rider's Direction d (its plain moves
// and pushes along d, and its pulls moving along d), a knight's or king's leap d (its move onto
// s + v, its push of the piece there, its pull of the piece on s - v), or all of a pawn's ways;
// castling as in generate_dynamo. The caller vouches that the filter admits no way left out.
void generate_dynamo_admitted(const Position& pos, MoveVisitor& filter, MoveList& list,
                              const uint8_t (&directions)[SQUARE_NB]);

// The checking moves of the side to move (Dynamo rules): exactly those of generate_legal's list,
// in its order and writing; only the pieces (and castling) that DynamoCheckHints admits have
// their ways made (docs/helpmate.md, Dynamo: the checking pieces): most positions have none.
void generate_dynamo_checks(const Position& pos, MoveList& list);

} // namespace dynamo
