import Testing
@testable import ObjectGraph

/// Ordered to-many relationships: list writes set the order, `NSMutableOrderedSet`'s operations change it
/// with their range errors, inverses follow, and the saved order is what another context reads.
@Suite struct OrderedRelationshipTests {
    static func model() throws -> ManagedObjectModel {
        var songs = RelationshipDescription(name: "songs", destination: "Song", inverse: "playlist", isToMany: true)
        songs.isOrdered = true
        return try ManagedObjectModel(entities: [
            EntityDescription(name: "Playlist", relationships: [songs]),
            EntityDescription(name: "Song", attributes: [AttributeDescription(name: "title", type: .string)],
                              relationships: [RelationshipDescription(name: "playlist", destination: "Playlist", inverse: "songs")]),
        ])
    }

    static func titles(_ playlist: ManagedObject) throws -> [String] {
        guard case .collection(let members) = try playlist.value(forKey: "songs") else { return [] }
        return try members.map { try $0.objectValue!.value(forKey: "title").stringValue ?? "?" }
    }

    @Test("insert, move, replace, remove; the order saved is the order another context reads")
    func operations() throws {
        let container = PersistentContainer(model: try Self.model())
        let context = container.viewContext
        let list = try context.insertObject(entityName: "Playlist")
        let songs = try ["a", "b", "c", "d"].map { try context.insertObject(entityName: "Song", values: [("title", .string($0))]) }
        try list.setValue(.collection([songs[2], songs[0]].map { .object($0) }), forKey: "songs")
        #expect(try Self.titles(list) == ["c", "a"])
        try list.insertObject(songs[1], at: 1, inOrderedRelationship: "songs")
        #expect(try Self.titles(list) == ["c", "b", "a"])
        try list.moveObjects(at: [2], to: 0, inOrderedRelationship: "songs")
        #expect(try Self.titles(list) == ["a", "c", "b"])
        try list.replaceObject(at: 1, with: songs[3], inOrderedRelationship: "songs")
        #expect(try Self.titles(list) == ["a", "d", "b"])
        #expect(try songs[2].value(forKey: "playlist") == .null)
        #expect(throws: ObjectGraphError.self) { try list.removeObject(at: 3, fromOrderedRelationship: "songs") }
        #expect(try Self.titles(list) == ["a", "d", "b"])
        try list.removeObject(at: 0, fromOrderedRelationship: "songs")
        try context.save()
        let other = container.newBackgroundContext()
        try other.performAndWait {
            let loaded = try #require(try other.fetch(FetchRequest(entityName: "Playlist")).first)
            #expect(try Self.titles(loaded) == ["d", "b"])
        }
    }
}
