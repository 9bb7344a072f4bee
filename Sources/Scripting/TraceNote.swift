import FetchedResults

/// A line Ripple's own bindings write (a user gesture, a view delegate's call, a warning, a profile change, a
/// store's remote change), recorded by its parts: what posted it, its kind, and its text as pieces whose index
/// paths and object names stay values — the JSON trace takes them from the pieces, never from the text, and
/// the text is written only when the event is read.
struct TraceNote {
    /// What posted it (`user`, a view's name, `frc NAME`, `model`, …), written between brackets; nil for none.
    var source: String?
    /// The event's kind (`tap`, a delegate method's name, `warning`, …).
    var kind: String
    /// Whether the text starts with the kind (`[user] tap t [0, 1]`); false when the detail is the whole
    /// text after the source (`[user] (no swipe: …)`, `[model] warning: …`).
    var showsKind: Bool
    /// The rest of the line.
    var detail: TraceDetail

    /// A line `[source] kind detail` (`[source] kind` without a detail).
    init(source: String?, kind: String, _ detail: TraceDetail = TraceDetail()) {
        self.source = source
        self.kind = kind
        self.showsKind = true
        self.detail = detail
    }

    /// A line `[source] text`, of kind `kind` (the text does not start with it).
    init(source: String?, kind: String, text: TraceDetail) {
        self.source = source
        self.kind = kind
        self.showsKind = false
        self.detail = text
    }

    /// The line, exactly as `--trace` prints it.
    var text: String {
        var out = source.map { "[" + $0 + "] " } ?? ""
        if showsKind {
            out += kind
            if !detail.pieces.isEmpty { out += " " }
        }
        detail.write(to: &out)
        return out
    }

    /// Its source, kind, the object names of its detail (group `named`) and its index paths.
    var parts: TraceEvent.Parts {
        var names: [String] = []
        var indexPaths: [(Int, Int)] = []
        for piece in detail.pieces {
            switch piece {
            case .text: break
            case .object(let name): names.append(name)
            case .indexPath(let path): indexPaths.append((path.section, path.item))
            }
        }
        return TraceEvent.Parts(source: source, kind: kind, groups: names.isEmpty ? [] : [("named", .names(.list(names)))],
                                indexPaths: indexPaths)
    }
}

/// The text of a trace line as pieces: literal text, index paths and object names kept as values (written
/// when the line is read). Made by string interpolation: `"tap \(view.name) \(indexPath)"` keeps `indexPath`
/// as an index path; `"\(object: name)"` marks an object's name.
struct TraceDetail: ExpressibleByStringInterpolation {
    /// One piece of the text.
    enum Piece {
        case text(String)
        case indexPath(IndexPath)
        case object(String)
    }

    /// The pieces in order.
    var pieces: [Piece]

    /// An empty detail.
    init() { pieces = [] }

    /// A detail of literal text.
    init(stringLiteral value: String) { pieces = value.isEmpty ? [] : [.text(value)] }

    /// A detail of text already written.
    init(text: String) { pieces = text.isEmpty ? [] : [.text(text)] }

    /// Index paths separated by `separator` (`[0, 1], [0, 2]`).
    init(indexPaths: [IndexPath], separator: String) {
        pieces = []
        pieces.reserveCapacity(indexPaths.count * 2)
        for (i, path) in indexPaths.enumerated() {
            if i > 0 { pieces.append(.text(separator)) }
            pieces.append(.indexPath(path))
        }
    }

    /// A detail made by interpolation.
    init(stringInterpolation: Interpolation) { pieces = stringInterpolation.pieces }

    /// Writes the pieces at the end of `out`.
    func write(to out: inout String) {
        for piece in pieces {
            switch piece {
            case .text(let text): out += text
            case .indexPath(let path): out += path.description
            case .object(let name): out += name
            }
        }
    }

    /// The text of the pieces.
    var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    /// The interpolation that keeps index paths and object names as values.
    struct Interpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            pieces.reserveCapacity(interpolationCount * 2 + 1)
        }

        mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { pieces.append(.text(literal)) }
        }

        /// An index path, kept as one.
        mutating func appendInterpolation(_ indexPath: IndexPath) {
            pieces.append(.indexPath(indexPath))
        }

        /// Another detail's pieces.
        mutating func appendInterpolation(_ detail: TraceDetail) {
            pieces += detail.pieces
        }

        /// An object's name (`Order#1`), listed in the event's `named` group.
        mutating func appendInterpolation(object name: String) {
            pieces.append(.object(name))
        }

        /// Text.
        mutating func appendInterpolation(_ text: String) {
            if !text.isEmpty { pieces.append(.text(text)) }
        }

        /// Any other value, by its description (numbers, booleans: they name no object and no index path).
        mutating func appendInterpolation<T>(_ value: T) {
            pieces.append(.text(String(describing: value)))
        }
    }
}
