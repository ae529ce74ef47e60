{
  "targets": [
    {
      "target_name": "vivace_memory",
      "sources": ["native/vivace-memory.c"]
    }
  ]
}
