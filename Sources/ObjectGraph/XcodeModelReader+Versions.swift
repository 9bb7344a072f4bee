/// The versions of a `.xcdatamodeld` bundle, for finding the model a store was written with.
extension XcodeModelReader {
    /// The `.xcdatamodel` folder names of a bundle, sorted.
    /// - Throws: `.invalidModel` when the directory cannot be read.
    public static func versionNames(ofBundle path: String) throws -> [String] { try listVersions(path) }

    /// The `.xcdatamodeld` bundle a version's `contents` file belongs to (nil for a model outside a bundle).
    public static func bundlePath(ofContents contents: String) -> String? {
        var parts = contents.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts.last == "contents", parts[parts.count - 2].hasSuffix(".xcdatamodel"),
              parts[parts.count - 3].hasSuffix(".xcdatamodeld") else { return nil }
        parts.removeLast(2)
        return parts.joined(separator: "/")
    }
}
