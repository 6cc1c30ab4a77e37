// `--export svg`: a picture needing nothing else (no fonts, images or styles from outside):
// 64 squares, the pieces as the Unicode chess glyphs, the stipulation and the solution in text.
#include "format/output/export.h"
#include "format/base/phrases.h"

#include <algorithm>

namespace dynamo {

namespace {

constexpr int SQUARE = 40, MARGIN = 24, LINE = 16;

std::string xml(std::string_view text) {
    std::string out;
    for (char c : text) {
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        default: out += c;
        }
    }
    return out;
}

// U+2654..U+265F: white king, queen, rook, bishop, knight, pawn, then black's.
std::string glyph(Piece p) {
    static const char* const white[] = {"",       "\u2659", "\u2658", "\u2657",
                                        "\u2656", "\u2655", "\u2654"};
    static const char* const black[] = {"",       "\u265F", "\u265E", "\u265D",
                                        "\u265C", "\u265B", "\u265A"};
    return color_of(p) == WHITE ? white[type_of(p)] : black[type_of(p)];
}

std::string text_at(int x, int y, const std::string& cls, const std::string& content,
                    const char* extra = "") {
    return "<text class=\"" + cls + "\" x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) +
           "\"" + extra + ">" + content + "</text>\n";
}

} // namespace

std::string export_svg(const std::vector<ExportItem>& items, Language lang) {
    struct Block {
        std::vector<std::string> heading, below;
    };
    std::vector<Block> blocks;
    int height = 0;
    size_t widest = 0;
    for (const ExportItem& item : items) {
        Block b;
        const Problem& p = item.problem;
        for (const auto& list : {p.authors, p.origins, p.awards, p.titles})
            for (const auto& s : list) b.heading.push_back(s);
        if (!item.label.empty()) b.heading.push_back(shown_label(item.label, lang));
        std::string stip = item.solution.stipulation.text;
        if (item.diagram.rules().is_dynamo()) stip += "  " + item.diagram.rules().name();
        b.below.push_back(stip);
        for (const std::string& line : export_solution_lines(item, lang)) b.below.push_back(line);
        for (const auto& l : b.below) widest = std::max(widest, l.size());
        height += MARGIN + LINE * int(b.heading.size()) + 4 + 8 * SQUARE + MARGIN +
                  LINE * int(b.below.size()) + MARGIN;
        blocks.push_back(std::move(b));
    }
    int width = std::max(2 * MARGIN + 8 * SQUARE, 2 * MARGIN + int(widest) * 7);
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
                      std::to_string(width) + "\" height=\"" + std::to_string(height) +
                      "\" viewBox=\"0 0 " + std::to_string(width) + " " + std::to_string(height) +
                      "\">\n"
                      "<style>.light{fill:#f0d9b5}.dark{fill:#b58863}"
                      ".piece{font-family:serif;font-size:34px;text-anchor:middle}"
                      ".coord{font-family:sans-serif;font-size:11px;text-anchor:middle}"
                      ".line{font-family:monospace;font-size:12px;white-space:pre}</style>\n"
                      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
    int y = 0;
    for (size_t i = 0; i < items.size(); ++i) {
        const Block& b = blocks[i];
        out += "<g class=\"problem\">\n";
        y += MARGIN;
        for (const auto& h : b.heading)
            out += text_at(MARGIN, y += LINE, "line", xml(h), " xml:space=\"preserve\"");
        int top = y + 4;
        for (int rank = 7; rank >= 0; --rank)
            for (int file = 0; file < 8; ++file) {
                int x = MARGIN + file * SQUARE, sy = top + (7 - rank) * SQUARE;
                out += "<rect class=\"square " + std::string((file + rank) % 2 ? "light" : "dark") +
                       "\" x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(sy) +
                       "\" width=\"" + std::to_string(SQUARE) + "\" height=\"" +
                       std::to_string(SQUARE) + "\"/>\n";
                if (Piece p = items[i].diagram.piece_on(make_square(file, rank)))
                    out += text_at(x + SQUARE / 2, sy + SQUARE - 8, "piece", glyph(p));
            }
        for (int k = 0; k < 8; ++k) {
            out += text_at(MARGIN + k * SQUARE + SQUARE / 2, top + 8 * SQUARE + 12, "coord",
                           std::string(1, char('a' + k)));
            out += text_at(MARGIN / 2, top + (7 - k) * SQUARE + SQUARE / 2 + 4, "coord",
                           std::string(1, char('1' + k)));
        }
        y = top + 8 * SQUARE + MARGIN;
        for (const auto& l : b.below)
            out += text_at(MARGIN, y += LINE, "line", xml(l), " xml:space=\"preserve\"");
        y += MARGIN;
        out += "</g>\n";
    }
    out += "</svg>\n";
    return out;
}

} // namespace dynamo
