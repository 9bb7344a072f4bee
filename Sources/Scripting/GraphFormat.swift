/// A picture format of ``GraphWriter``.
public enum GraphFormat: String, CaseIterable, Sendable {
    /// Graphviz DOT (`dot -Tsvg` renders it).
    case dot
    /// Mermaid (`erDiagram` for a model, `flowchart` for screens), as GitHub renders in Markdown.
    case mermaid
}
