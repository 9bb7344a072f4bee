extension APIReference {
    /// The generated reference page (docs/lua-reference.md): every class of the annotations with a table of its
    /// members (signature and first sentence), then the global functions. The annotations come from the
    /// declarations (``DeclaredAPI``), so the page is the declarations' own table; `ripple types --markdown`
    /// writes it and APICompletenessTests checks the shipped page against it.
    public var markdown: String {
        var out = """
            # Lua API reference (generated)

            Generated from the API's declarations by `ripple types --markdown --output docs/lua-reference.md`: do
            not edit it by hand (APICompletenessTests fails when it differs from the declarations). Each class is
            followed by its members, with the first sentence of their doc line; [lua-api.md](lua-api.md) explains
            the API with examples, and `:help NAME` in `ripple repl` shows the same lines.

            """
        var listed: Set<String> = []
        for info in classes {
            listed.insert(info.name)
            out += "\n## " + info.name + (info.parent.map { " : " + $0 } ?? "") + "\n\n"
            if !info.summary.isEmpty { out += Self.escapedForMarkdown(info.summary) + "\n\n" }
            out += Self.table(entries.filter { $0.owner == info.name })
        }
        var others: [String] = []
        for entry in entries where !listed.contains(entry.owner) && !others.contains(entry.owner) { others.append(entry.owner) }
        for owner in others {
            out += "\n## " + (owner.isEmpty ? "Global functions" : owner) + "\n\n"
            out += Self.table(entries.filter { $0.owner == owner })
        }
        return out
    }

    /// A table of entries: signature and summary (`(provided by the script)` for an optional field).
    private static func table(_ entries: [Entry]) -> String {
        guard !entries.isEmpty else { return "" }
        var out = "| member | description |\n| --- | --- |\n"
        for entry in entries {
            var summary = escapedForMarkdown(entry.summary)
            if entry.isProvidedByScript { summary = summary.isEmpty ? "(provided by the script)" : summary + " (provided by the script)" }
            out += "| `" + escapedForMarkdown(entry.signature) + "` | " + summary + " |\n"
        }
        return out
    }

    /// Text for a table cell: `|` escaped.
    private static func escapedForMarkdown(_ text: String) -> String {
        var out = ""
        for c in text {
            if c == "|" { out += "\\|" } else { out.append(c) }
        }
        return out
    }
}
