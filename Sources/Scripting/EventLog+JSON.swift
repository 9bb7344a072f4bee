extension EventLog {
    /// A JSON string literal (``ReportJSON/quote(_:forHTML:)`` without the HTML escapes).
    static func quote(_ s: String) -> String { ReportJSON.quote(s, forHTML: false) }
}
