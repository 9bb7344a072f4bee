/// A bridge's read cache (the Lua bridge keeps the scalars it read in the object's userdata): the object zeroes
/// the word it was given whenever its attribute values or its state change, which is everything
/// ``readableAttribute(at:)`` depends on, so a cached read stays what ``readableAttribute(at:)`` would return.
extension ManagedObject {
    /// Gives the object the word to zero on every change of its values or state.
    ///
    /// ```swift
    /// if object.attachReadCache(word) { /* reads may be cached until word.pointee == 0 */ }
    /// ```
    /// - Parameter word: Memory that stays valid until ``detachReadCache(_:)``.
    /// - Returns: false, attaching nothing, when the object already holds another word.
    public func attachReadCache(_ word: UnsafeMutablePointer<UInt64>) -> Bool {
        guard readCacheWord == nil || readCacheWord == word else { return false }
        readCacheWord = word
        word.pointee = 0
        return true
    }

    /// Takes back a word given by ``attachReadCache(_:)``; does nothing if the object holds another one.
    /// - Parameter word: The word given before.
    public func detachReadCache(_ word: UnsafeMutablePointer<UInt64>) {
        if readCacheWord == word { readCacheWord = nil }
    }
}
