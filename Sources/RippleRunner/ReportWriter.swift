import Scripting

#if canImport(Glibc)
import Glibc
#endif

/// Writes a recorded script (``ReportRecorder``) as one self-contained HTML page: inline CSS, the steps as a
/// JSON data block (``ReportJSON``: nothing in it can end the element), and a small inline script that draws
/// the selected step — its trace lines, its batches before and after, every screen, the fetched-results
/// controllers and objects — from that block. No network, no external file; it opens from disk.
///
/// Everything a script wrote (cell texts, titles, names, messages) reaches the page as text: the page's
/// script builds it with `textContent`, never as markup, and the few texts in the static HTML are escaped
/// (``escape(_:)``).
///
/// ```swift
/// try ReportWriter.write(recorder, to: "contacts.html")
/// ```
public enum ReportWriter {
    /// The page.
    public static func html(_ recorder: ReportRecorder) -> String {
        let failed = recorder.outcomes.filter { !$0.passed }.count
        let passed = recorder.outcomes.count - failed
        var summary = "\(recorder.steps.count) step\(recorder.steps.count == 1 ? "" : "s"); "
            + "\(passed) scenario\(passed == 1 ? "" : "s") passed, \(failed) failed"
        if recorder.scriptError != nil { summary += "; the script stopped with an error" }
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<title>Ripple report: " + escape(recorder.file) + "</title>\n<style>\n" + css + "</style>\n</head>\n<body>\n"
        page += "<header><h1>Ripple report: <code>" + escape(recorder.file) + "</code></h1>\n"
        page += "<p id=\"summary\" class=\"" + (failed > 0 || recorder.scriptError != nil ? "bad" : "good") + "\">"
            + (failed > 0 || recorder.scriptError != nil ? "FAILED — " : "PASSED — ") + escape(summary) + "</p>\n"
        page += "<p class=\"keys\">Steps: click one, or press <kbd>→</kbd>/<kbd>j</kbd> (next), <kbd>←</kbd>/<kbd>k</kbd> "
            + "(previous), <kbd>Home</kbd>/<kbd>End</kbd>, <kbd>f</kbd> (next failing step). Marks on rows: "
            + "<span class=\"mark ins\">INSERTED</span> <span class=\"mark del\">DELETED</span> "
            + "<span class=\"mark mov\">MOVED</span> <span class=\"mark rel\">RELOADED</span>.</p></header>\n"
        page += "<main><nav id=\"timeline\" aria-label=\"Steps\"><ol id=\"steps\"></ol></nav>\n"
        page += "<section id=\"detail\" aria-live=\"polite\"></section></main>\n"
        page += "<noscript><p>This report draws its steps with JavaScript, which is off: the steps are in the "
            + "JSON block at the end of the page.</p></noscript>\n"
        page += "<script type=\"application/json\" id=\"ripple-data\">" + data(recorder) + "</script>\n"
        page += "<script>\n" + script + "</script>\n</body>\n</html>\n"
        return page
    }

    /// The data block: the file, the scenarios, the steps, and the distinct pictures they refer to.
    static func data(_ recorder: ReportRecorder) -> String {
        var json = ReportJSON.Object()
        json.add("file", recorder.file)
        json.add("scriptError", recorder.scriptError)
        json.addRaw("scenarios", ReportJSON.array(recorder.outcomes.map { outcome in
            var o = ReportJSON.Object()
            o.add("name", outcome.name)
            o.add("passed", outcome.passed)
            o.add("message", outcome.message)
            return o.text
        }))
        json.addRaw("steps", ReportJSON.array(recorder.steps.map { step in
            var o = ReportJSON.Object()
            o.add("kind", step.kind)
            o.add("label", step.label)
            o.add("location", step.location)
            o.add("scenario", step.scenario)
            o.addRaw("lines", ReportJSON.strings(step.lines))
            if step.droppedLines > 0 { o.add("droppedLines", step.droppedLines) }
            if step.merged > 0 { o.add("merged", step.merged) }
            o.add("screens", step.screens)
            o.add("models", step.models)
            o.addRaw("batches", ReportJSON.array(step.batches))
            o.add("error", step.error)
            return o.text
        }))
        json.addRaw("screens", ReportJSON.array(recorder.screens))
        json.addRaw("models", ReportJSON.array(recorder.models))
        json.add("stepLimit", recorder.limits.steps)
        return json.text
    }

    /// Text for HTML: `&`, `<`, `>`, `"` and `'` as entities, control characters (other than tab and line
    /// breaks) as U+FFFD.
    public static func escape(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(c)
            default:
                if c.value < 0x20 || (c.value >= 0x7F && c.value < 0xA0) { out += "\u{FFFD}" } else { out.unicodeScalars.append(c) }
            }
        }
        return out
    }

    /// Writes the page of `recorder` to `path` (replacing it).
    /// - Throws: ``ScriptingError`` when the file cannot be written.
    public static func write(_ recorder: ReportRecorder, to path: String) throws {
        guard let file = fopen(path, "w") else {
            throw ScriptingError("cannot write the report \(path): \(String(cString: strerror(errno)))")
        }
        let text = html(recorder)
        let written = text.utf8.withContiguousStorageIfAvailable { fwrite($0.baseAddress, 1, $0.count, file) }
            ?? Array(text.utf8).withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        let closed = fclose(file)
        guard written == text.utf8.count, closed == 0 else {
            throw ScriptingError("cannot write the report \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// The page's file name for a script in a folder of reports: the script's path with `/` as `__` and
    /// `.html` in place of `.lua` (`Scripts/examples/contacts.lua` → `Scripts__examples__contacts.html`).
    public static func fileName(forScript path: String) -> String {
        var name = path
        while name.hasPrefix("./") { name.removeFirst(2) }
        if name.hasSuffix(".lua") { name.removeLast(4) }
        let safe = name.unicodeScalars.map { c -> String in
            switch c {
            case "/": return "__"
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": return String(c)
            default: return "_"
            }
        }.joined()
        return (safe.isEmpty ? "script" : safe) + ".html"
    }
}
