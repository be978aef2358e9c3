/** The single axios instance: same origin, cookies sent, JSON. RTK Query's base query (lib/api.ts) goes over it;
 * uploads with progress or their own time-out use it directly. */
import axios from 'axios';

export const api = axios.create({ baseURL: '/', withCredentials: true, timeout: 20_000 });
