@testable import ObjectGraph
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Photo (name, image allowing external storage), optionally with a `caption`.
private func photoModel(caption: Bool = false) throws -> ManagedObjectModel {
    var image = AttributeDescription(name: "image", type: .binary, isOptional: true)
    image.details.allowsExternalBinaryDataStorage = true
    var attributes = [AttributeDescription(name: "name", type: .string), image]
    if caption { attributes.append(AttributeDescription(name: "caption", type: .string, isOptional: true)) }
    return try ManagedObjectModel(entities: [EntityDescription(name: "Photo", attributes: attributes)])
}

/// The names in a folder, sorted (empty when it does not exist).
private func listing(_ directory: String) -> [String] {
    guard let dir = opendir(directory) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafePointer(to: entry.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
        if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
}

private func removeTree(_ path: String) {
    for name in listing(path + "/_EXTERNAL_DATA") { unlink(path + "/_EXTERNAL_DATA/" + name) }
    rmdir(path + "/_EXTERNAL_DATA")
    rmdir(path)
}

private let big: [UInt8] = (0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
private let id1 = ManagedObjectID(entityName: "Photo", number: 1, isTemporaryID: false)

@Suite(.enabled(if: sqlite3Executable != nil, Comment(rawValue: sqlite3Missing)))
struct ExternalBinaryDataTests {
    @Test("a large value goes to .<name>_SUPPORT/_EXTERNAL_DATA/<UUID>, a small one stays in the row; both read back exactly")
    func layoutAndReadBack() throws {
        let path = freshStorePath("external")
        let support = "/tmp/.ripple-store-format-\(getpid())-external_SUPPORT"
        removeTree(support)
        defer { unlink(path); removeTree(support) }
        let ctx = try storeContext(try photoModel(), path)
        _ = try ctx.insertObject(entityName: "Photo", values: [("name", .string("big")), ("image", .data(big))])
        _ = try ctx.insertObject(entityName: "Photo", values: [("name", .string("small")), ("image", .data([7, 8, 9]))])
        _ = try ctx.insertObject(entityName: "Photo", values: [("name", .string("none"))])
        try ctx.save()
        let files = listing(support + "/_EXTERNAL_DATA")
        try #require(files.count == 1)
        #expect(UUIDBytes(string: files[0]) != nil)
        #expect(fileBytes(support + "/_EXTERNAL_DATA/" + files[0]) == big)
        let hexName = Array(files[0].utf8).map { String($0, radix: 16, uppercase: true) }.joined()
        #expect(sqlite3(path, "SELECT Z_PK, hex(ZIMAGE) FROM ZPHOTO ORDER BY Z_PK;") == "1|02\(hexName)00\n2|01070809\n3|\n")
        let store = try PersistentStore(sqlitePath: path, model: try photoModel())
        #expect(store.row(for: id1)?.attributes == [.string("big"), .data(big)])
        #expect(store.row(for: ManagedObjectID(entityName: "Photo", number: 2, isTemporaryID: false))?.attributes == [.string("small"), .data([7, 8, 9])])
    }

    @Test("a changed value gets a new file and the old one goes after the commit; the same value keeps its file; a deleted object's file goes")
    func fileLifecycle() throws {
        let path = freshStorePath("external-life")
        let support = "/tmp/.ripple-store-format-\(getpid())-external-life_SUPPORT/_EXTERNAL_DATA"
        defer { unlink(path); removeTree(String(support.dropLast(15))) }
        let ctx = try storeContext(try photoModel(), path)
        let photo = try ctx.insertObject(entityName: "Photo", values: [("name", .string("a")), ("image", .data(big))])
        try ctx.save()
        let first = listing(support)
        try photo.setValue(.string("renamed"), forKey: "name")
        try ctx.save()
        #expect(listing(support) == first)
        try photo.setValue(.data(big + [1]), forKey: "image")
        try ctx.save()
        let second = listing(support)
        #expect(second.count == 1 && second != first)
        #expect(fileBytes(support + "/" + second[0]) == big + [1])
        try photo.setValue(.data([1]), forKey: "image")
        try ctx.save()
        #expect(listing(support) == [])
        try photo.setValue(.data(big), forKey: "image")
        try ctx.save()
        #expect(listing(support).count == 1)
        try ctx.delete(photo)
        try ctx.save()
        #expect(listing(support) == [])
    }

    @Test("a transaction that rolls back removes the files it wrote")
    func rollbackRemovesFiles() throws {
        let path = freshStorePath("external-rollback")
        let support = "/tmp/.ripple-store-format-\(getpid())-external-rollback_SUPPORT/_EXTERNAL_DATA"
        defer { unlink(path); removeTree(String(support.dropLast(15))) }
        let file = try SQLiteStoreFile(path: path, model: try photoModel())
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try file.transaction {
                _ = try file.externalBlob(big, previous: nil)
                #expect(listing(support).count == 1)
                throw Stop()
            }
        }
        #expect(listing(support) == [])
    }

    @Test("a store laid out by Core Data with an external data file opens; a missing file or a bad marker is 259, the file unchanged")
    func appStoreAndBadInput() throws {
        let path = freshStorePath("external-app")
        let support = "/tmp/.ripple-store-format-\(getpid())-external-app_SUPPORT"
        removeTree(support)
        defer { unlink(path); removeTree(support) }
        let name = "0F4A2C5E-8B1D-4E7A-9C3F-2D6B8A1E5F70"
        let hexName = Array(name.utf8).map { String($0, radix: 16, uppercase: true) }.joined()
        #expect(sqlite3(path, """
            CREATE TABLE ZPHOTO ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR, ZIMAGE BLOB );
            CREATE TABLE Z_PRIMARYKEY (Z_ENT INTEGER PRIMARY KEY, Z_NAME VARCHAR, Z_SUPER INTEGER, Z_MAX INTEGER);
            CREATE TABLE Z_METADATA (Z_VERSION INTEGER PRIMARY KEY, Z_UUID VARCHAR(255), Z_PLIST BLOB);
            CREATE TABLE Z_MODELCACHE (Z_CONTENT BLOB);
            INSERT INTO Z_PRIMARYKEY VALUES (1, 'Photo', 0, 2);
            INSERT INTO Z_METADATA VALUES (1, 'E8B22CEA-8316-45E7-BC08-3FBA516F962C', X'\(hexOf(BinaryPropertyList.encode(.dictionary(["NSStoreType": .string("SQLite")]))))');
            INSERT INTO ZPHOTO VALUES (1, 1, 1, 'big', X'02\(hexName)00'), (2, 1, 1, 'small', X'01FF');
            """) == "")
        try SQLiteStoreFile.makeDirectories(support + "/_EXTERNAL_DATA")
        #expect(SQLiteStoreFile.writeExternalFile(support + "/_EXTERNAL_DATA/" + name, big))
        let store = try PersistentStore(sqlitePath: path, model: try photoModel())
        #expect(store.row(for: id1)?.attributes == [.string("big"), .data(big)])
        store.close()
        unlink(support + "/_EXTERNAL_DATA/" + name)
        let bytes = fileBytes(path)
        let missing = try #require(throws: ObjectGraphError.self) { try PersistentStore(sqlitePath: path, model: try photoModel()) }
        #expect(missing.code == 259)
        #expect(missing.message.hasSuffix("the persistent store is corrupt (column ZIMAGE of row 1 refers to the external data file \(support)/_EXTERNAL_DATA/\(name), which is missing).") )
        sqlite3(path, "UPDATE ZPHOTO SET ZIMAGE = X'05FF' WHERE Z_PK = 1;")
        let changed = fileBytes(path)
        #expect(changed != bytes)
        let marker = try #require(throws: ObjectGraphError.self) { try PersistentStore(sqlitePath: path, model: try photoModel()) }
        #expect(marker.message.contains("column ZIMAGE of row 1 holds a BLOB whose first byte is 5: an attribute with external storage starts with 1 (the data follows) or 2 (the name of a file in _EXTERNAL_DATA)"))
        #expect(fileBytes(path) == changed)
    }

    @Test("a migration keeps external values; the old files the new store does not name are removed")
    func migrationKeepsExternalData() throws {
        let path = freshStorePath("external-migration")
        let support = "/tmp/.ripple-store-format-\(getpid())-external-migration_SUPPORT/_EXTERNAL_DATA"
        defer { unlink(path); removeTree(String(support.dropLast(15))) }
        let ctx = try storeContext(try photoModel(), path)
        _ = try ctx.insertObject(entityName: "Photo", values: [("name", .string("a")), ("image", .data(big))])
        try ctx.save()
        let before = listing(support)
        let v2 = try photoModel(caption: true)
        let store = try PersistentStore(sqlitePath: path, model: v2, migration: StoreMigrationOptions(sourceModels: [try photoModel()]))
        #expect(store.row(for: id1)?.attributes == [.string("a"), .data(big), .null])
        let after = listing(support)
        #expect(after.count == 1 && after != before)
        #expect(fileBytes(support + "/" + after[0]) == big)
    }
}

private func hexOf(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
}
