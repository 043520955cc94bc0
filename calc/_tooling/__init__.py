# CPython-only tooling (PyYAML, pydantic): data validation and the JSON bundle. Never shipped to the browser.
