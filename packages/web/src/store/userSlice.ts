import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { TokenPair, UserInfo } from '@backroom/schema';

export interface UserState {
  userInfo: UserInfo | null;
  token: TokenPair | null;
}

export const initialUser: UserState = { userInfo: null, token: null };

const userSlice = createSlice({
  name: 'user',
  initialState: initialUser,
  reducers: {
    signIn(state, action: PayloadAction<{ userInfo: UserInfo; token: TokenPair }>) {
      state.userInfo = action.payload.userInfo;
      state.token = action.payload.token;
    },
    setToken(state, action: PayloadAction<TokenPair>) {
      state.token = action.payload;
    },
    setUserInfo(state, action: PayloadAction<UserInfo>) {
      state.userInfo = action.payload;
    },
    signOut(state) {
      state.userInfo = null;
      state.token = null;
    },
  },
});

export const { signIn, setToken, setUserInfo, signOut } = userSlice.actions;
export default userSlice.reducer;
